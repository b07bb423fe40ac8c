import { RESUME_MSG, type ResumeSectionKey, resumeSectionTitle } from '@uplus/shared';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useToast } from '../../lib/toast';

/*
 * One section of the online resume in edit mode at a time (career spec 4). A section asks `begin()` before
 * it opens a form: when another section is open, the page scrolls to that one and says
 * 您正在编辑「{section}」… and `begin` answers false. `end()` returns the section to view mode.
 * Each section's root element carries `data-resume-section={key}` (the scroll target).
 */

/** The query-key root of every resume call: invalidating it refreshes the update time and completeness. */
export const RESUME_QUERY_ROOT = ['resume'] as const;

type Editing = {
  open: ResumeSectionKey | null;
  begin: (key: ResumeSectionKey) => boolean;
  end: (key: ResumeSectionKey) => void;
};

const EditingContext = createContext<Editing | null>(null);

export const ResumeEditingProvider = ({ children }: { children: ReactNode }) => {
  const message = useToast();
  const [open, setOpen] = useState<ResumeSectionKey | null>(null);
  const openRef = useRef<ResumeSectionKey | null>(null);
  const begin = useCallback(
    (key: ResumeSectionKey) => {
      const current = openRef.current;
      if (current && current !== key) {
        document
          .querySelector(`[data-resume-section="${current}"]`)
          ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        message.warning(RESUME_MSG.editing(resumeSectionTitle(current)));
        return false;
      }
      openRef.current = key;
      setOpen(key);
      return true;
    },
    [message],
  );
  const end = useCallback((key: ResumeSectionKey) => {
    if (openRef.current !== key) return;
    openRef.current = null;
    setOpen(null);
  }, []);
  const value = useMemo(() => ({ open, begin, end }), [open, begin, end]);
  return <EditingContext.Provider value={value}>{children}</EditingContext.Provider>;
};

/** This section's edit state: `editing`, `begin()` (false when another section is open), `end()`. */
export const useSectionEditing = (key: ResumeSectionKey) => {
  const ctx = useContext(EditingContext);
  if (!ctx) throw new Error('useSectionEditing outside ResumeEditingProvider');
  const { open, begin, end } = ctx;
  return {
    editing: open === key,
    begin: useCallback(() => begin(key), [begin, key]),
    end: useCallback(() => end(key), [end, key]),
  };
};
