// The calls only the child flow makes (SPEC.md §3 "Parent application", §7; DECISIONS.md §5):
// the parent's two saves. Their bodies are the screen schemas of ../steps/child-parent.ts (they
// need the clock and the SAVED child's surname, decision 0060), declared here as what may be sent;
// each answers 204 No Content, 400 ValidationErrorBody (./errors.ts) with the messages of
// messages.ts, or 409 ErrorBody before the saves flows.ts puts before them (the parent's workplace
// also before the parent's personal data) and after the PIN. The parent comes back in
// GET /api/applications' applicationParent (./application.ts applicationParentViewSchema).
// The child's own saves are the general calls (POST /api/applications/personal and /workplace,
// with workplaceId and the existing-account fields null), checked by the child's rules.

import type { z } from 'zod';
import type { childParentSchema, parentWorkplaceSchema } from '../steps/child-parent.ts';

/** POST /api/applications/personal/parent (auth): SPEC.md §7's payload; bankCode, when sent, must be the host's bank. */
export type ParentPersonalRequest = z.input<ReturnType<typeof childParentSchema>> & { bankCode?: string };

/** POST /api/applications/workplace/parent (auth): the parent's occupation fields (steps/child-parent.ts). */
export type ParentWorkplaceRequest = z.input<ReturnType<typeof parentWorkplaceSchema>>;
