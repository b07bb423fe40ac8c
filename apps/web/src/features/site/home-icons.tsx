import type { ReactNode } from 'react';

/*
 * The home page's section icons, drawn inline: a dozen one-path line icons weigh less than the icon
 * library's separate chunks the home page would otherwise load before it shows (its page-weight budget).
 * Decorative (aria-hidden): each card's title says what it is.
 */

const PATHS: Record<string, ReactNode> = {
  qualitycourse: (
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5zM4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5M8 7h8M8 11h6" />
  ),
  cloudexperiment: <path d="M7 18h10.5a4.5 4.5 0 0 0 .6-8.96A6 6 0 0 0 6.3 10.1 4 4 0 0 0 7 18z" />,
  industryproject: <path d="M3 21h18M5 21V10l5 3V10l5 3V6l4 2v13M9 17h1M14 17h1" />,
  openclass: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 8.5v7l6-3.5z" />
    </>
  ),
  competition: (
    <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 6H4a3 3 0 0 0 4 4M16 6h4a3 3 0 0 1-4 4M12 13v4M8 21h8M9 17h6" />
  ),
  internProgram: <path d="M4 8h16v12H4zM9 8V5h6v3M4 13h16M11 13v2h2v-2" />,
  ujob: <path d="M12 3v5M12 8H6v5M12 8h6v5M3 13h6v6H3zM15 13h6v6h-6z" />,
  ai: <path d="M6 9h12v10H6zM12 9V5M10 4h4M9.5 13h.01M14.5 13h.01M9.5 16.5h5M3 13v3M21 13v3" />,
  alliance: (
    <>
      <circle cx="9" cy="8" r="3" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M3 20a6 6 0 0 1 12 0M14 15.5a5 5 0 0 1 7 4.5" />
    </>
  ),
  case: <path d="M8 8l-5 4 5 4M16 8l5 4-5 4M14 5l-4 14" />,
  qualification: <path d="M6 3h9l4 4v14H6zM15 3v4h4M9.5 13.5l2 2 3.5-4" />,
  publishing: (
    <path d="M12 6C9.5 4.5 6.5 4 3 4.5v14c3.5-.5 6.5 0 9 1.5 2.5-1.5 5.5-2 9-1.5v-14c-3.5-.5-6.5 0-9 1.5zM12 6v14" />
  ),
  arrow: <path d="M5 12h14M13 6l6 6-6 6" />,
};

/** A home page icon by key (a section key, or `arrow`); nothing for an unknown key. */
export function HomeIcon({ name }: { name: string }) {
  const path = PATHS[name];
  if (!path) return null;
  return (
    <svg
      className="home-icon"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      {path}
    </svg>
  );
}
