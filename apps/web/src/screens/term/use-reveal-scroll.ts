import { useEffect, useRef } from 'react';
import type { ConfirmationQuestionId } from '@koza/domain/confirmation-questions';

const prefersReducedMotion = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * When an answer reveals the next questions, brings the first of them into view (smoothly unless
 * reduced motion is asked). Gives the ref each shown question's element takes.
 */
export function useRevealScroll(visible: readonly ConfirmationQuestionId[]): (question: ConfirmationQuestionId) => (element: HTMLElement | null) => void {
  const sectionRefs = useRef(new Map<ConfirmationQuestionId, HTMLElement>());
  const shownBefore = useRef(visible.length);

  const shownCount = visible.length;
  const firstNew = visible[shownBefore.current];
  useEffect(() => {
    const previously = shownBefore.current;
    shownBefore.current = shownCount;
    if (shownCount <= previously || !firstNew) return;
    sectionRefs.current.get(firstNew)?.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }, [shownCount, firstNew]);

  return (question) => (element) => {
    if (element) sectionRefs.current.set(question, element);
    else sectionRefs.current.delete(question);
  };
}
