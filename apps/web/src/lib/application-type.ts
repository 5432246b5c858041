import { applicationTypes, type ApplicationType } from '@koza/domain/constants';
import type { FlowPage } from '@koza/domain/flows';
import { session } from './session.ts';

export const isApplicationType = (v: unknown): v is ApplicationType => typeof v === 'string' && (applicationTypes as readonly string[]).includes(v);

/**
 * The flow a page is shown in. Most pages belong to one flow; the shared eKYC pages take the
 * application type kept in session storage.
 */
export function flowTypeOf(page: FlowPage): ApplicationType {
  if (page.flows.length === 1) return page.flows[0] as ApplicationType;
  const stored = session.getApplicationType();
  return isApplicationType(stored) ? stored : 'GENERAL';
}
