import { site } from "~/content/site.ts";
import { useT } from "~/i18n/react.tsx";
import { FacebookIcon, InstagramIcon, ThreadsIcon } from "./icons.tsx";

const links = [
  { key: "instagram", label: "Instagram", url: site.social.instagram.url, Icon: InstagramIcon },
  { key: "facebook", label: "Facebook", url: site.social.facebook.url, Icon: FacebookIcon },
  { key: "threads", label: "Threads", url: site.social.threads.url, Icon: ThreadsIcon },
] as const;

/** Instagram, Facebook and Threads as icon links; each name says it opens a new tab. */
export function SocialLinks({
  className = "social-links",
  withText = false,
}: {
  className?: string;
  withText?: boolean;
}) {
  const t = useT();
  return (
    <ul className={className}>
      {links.map(({ key, label, url, Icon }) => (
        <li key={key}>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={withText ? undefined : t("common.social.label", { network: label, name: site.name })}
          >
            <Icon />
            {withText ? (
              <span>
                {label}
                <span className="visually-hidden"> {t("common.a11y.newTab")}</span>
              </span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
