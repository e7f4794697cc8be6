import { useCallback, useEffect, useRef } from 'react';

/**
 * The first field marked invalid takes the focus (issue 18): a keyboard or screen-reader user lands
 * on what to fix, its error read through aria-describedby. Within `root` when given, else the first
 * invalid field of the page named in `names` (the form's own), else any.
 */
export function focusFirstInvalid(root: ParentNode | null = document, names: readonly string[] = []): void {
  const invalid = [...(root ?? document).querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
  const own = invalid.filter((el) => names.includes(el.getAttribute('name') ?? ''));
  (own[0] ?? invalid[0])?.focus();
}

/**
 * Arms the focus for the next render of `errors`: call it with the errors a submit produced; the
 * focus moves once they are on show.
 */
export function useFocusOnErrors(errors: Record<string, string | undefined>): () => void {
  const armed = useRef(false);
  useEffect(() => {
    if (!armed.current) return;
    armed.current = false;
    focusFirstInvalid(document, Object.keys(errors).filter((k) => errors[k]));
  }, [errors]);
  return useCallback(() => {
    armed.current = true;
  }, []);
}
