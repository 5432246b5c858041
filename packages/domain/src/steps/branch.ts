// /branch: one branch of the list (SPEC.md §5).

import { z } from 'zod';
import { branchCodeSchema } from '../fields/choices.ts';

export const branchSchema = z.object({ branchCode: branchCodeSchema });
