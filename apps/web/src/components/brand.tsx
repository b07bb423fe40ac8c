import { Link } from 'react-router';

/** The product mark, drawn inline so it needs no request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="#1d5cff" />
      <path d="M18 16v18a14 14 0 0 0 28 0V16h-8v18a6 6 0 0 1-12 0V16z" fill="#fff" />
      <path d="M44 6v8h-8v6h8v8h6v-8h8v-6h-8V6z" fill="#ffb020" />
    </svg>
  );
}

type Props = { name: string; logo?: string };

/** Header brand: the configured logo, or the product mark with the site name; leads home. */
export function Brand({ name, logo }: Props) {
  return (
    <Link to="/home/index" className="site-header__brand" aria-label={`${name} 首页`}>
      {logo ? (
        <img className="site-header__logo" src={logo} alt={name} />
      ) : (
        <>
          <BrandMark className="site-header__mark" />
          <span className="site-header__brand-text">{name}</span>
        </>
      )}
    </Link>
  );
}
