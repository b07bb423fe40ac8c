import { SearchOutlined } from '@ant-design/icons';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import './header-search.css';

/**
 * HEADER_QUERY_MAX of @uplus/shared, written here: importing it would bring the portal-content schemas into
 * every page's first load (the header is on all of them). search.test.tsx holds the two equal.
 */
export const HEADER_QUERY_MAX = 30;

/**
 * The product header's search box: goes to /search?q=. Plain markup (it is on every page's first load).
 * Folded to its button until it has focus (header-search.css). The Enter that ends an input method's
 * composition chooses the characters; it never searches.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  // on the search page the box shows what was searched; elsewhere it starts empty
  useEffect(() => {
    setValue(pathname === '/search' ? (new URLSearchParams(search).get('q') ?? '') : '');
  }, [pathname, search]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && (event.nativeEvent.isComposing || event.nativeEvent.keyCode === 229)) {
      event.preventDefault();
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = value.trim().slice(0, HEADER_QUERY_MAX);
    if (!q) {
      input.current?.focus();
      return;
    }
    navigate(`/search?q=${encodeURIComponent(q)}`);
  };
  return (
    <div className="header-search">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not known to every supported browser (nor to happy-dom); a form with the role is */}
      <form className="header-search__form" role="search" onSubmit={onSubmit} data-testid="header-search">
        <label htmlFor={id} className="visually-hidden">
          搜索全站内容
        </label>
        <input
          ref={input}
          id={id}
          className="header-search__input"
          type="search"
          placeholder="搜索课程、实验、项目"
          maxLength={HEADER_QUERY_MAX}
          enterKeyHint="search"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="header-search__button" aria-label="搜索">
          <SearchOutlined aria-hidden />
        </button>
      </form>
    </div>
  );
}
