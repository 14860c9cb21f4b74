import { getUser } from "~/auth/user-context.server.ts";
import { ProfileCourses } from "~/components/account/profile-courses.tsx";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { getServices } from "~/context.server.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import { listMyCourses } from "~/orders/queries.server.ts";
import type { Route } from "./+types/perfil.cursos";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Mi perfil: Mis cursos",
    description: "Los cursos en los que estás inscrita en Alejandra Nails.",
    path: "/perfil/cursos",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { enrollments: await listMyCourses(getServices(context).db, getUser(context).id), today: todayInMadrid() };
}

export default function ProfileCoursesSection({ loaderData }: Route.ComponentProps) {
  return <ProfileCourses enrollments={loaderData.enrollments} today={loaderData.today} />;
}
