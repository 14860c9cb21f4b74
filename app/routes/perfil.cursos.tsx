import { getUser } from "~/auth/user-context.server.ts";
import { ProfileCourses } from "~/components/account/profile-courses.tsx";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { getServices } from "~/context.server.ts";
import { accountMeta } from "~/components/account/account-meta.ts";
import { listMyCourses } from "~/orders/queries.server.ts";
import type { Route } from "./+types/perfil.cursos";

export const meta: Route.MetaFunction = (args) =>
  accountMeta(args, {
    title: "account.meta.cursos.title",
    description: "account.meta.cursos.description",
    path: "/perfil/cursos",
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { enrollments: await listMyCourses(getServices(context).db, getUser(context).id), today: todayInMadrid() };
}

export default function ProfileCoursesSection({ loaderData }: Route.ComponentProps) {
  return <ProfileCourses enrollments={loaderData.enrollments} today={loaderData.today} />;
}
