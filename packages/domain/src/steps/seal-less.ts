// /seal-less: file a seal or not (SPEC.md §5); not filing is the default on screen.

import { z } from 'zod';
import { yesNoSchema } from '../fields/choices.ts';

export const sealLessSchema = z.object({ sealLess: yesNoSchema });
