// Staff roles and what each may do, as data (DECISIONS.md §8, docs/decisions/0110-back-office.md).
// The API checks one permission per admin route (routes declare it); the admin app hides what the
// signed-in role may not do, from the same table. Every role sees its own bank only.

export const staffRoles = ['VIEWER', 'REVIEWER', 'ADMIN'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const permissions = [
  /** List, search, open applications and their documents; export the list. */
  'applications.read',
  /** Approve (hand over to the account system) or reject an application in banker processing. */
  'applications.decide',
  /** Cancel an approved application whose cash card was not collected in time (SPEC.md §1). */
  'applications.cancel',
  /** List and create staff accounts of the bank. */
  'staff.manage',
  /** Read and export the audit log. */
  'audit.read',
  /** See the bank's maintenance windows and notices (docs/decisions/0161-maintenance-and-notices-by-staff.md). */
  'announcements.read',
  /** Create, edit and end maintenance windows; create, edit, order and publish notices. */
  'announcements.publish',
  /** Read and export the conversion funnel (page views per step and day). */
  'funnel.read',
] as const;
export type Permission = (typeof permissions)[number];

/**
 * ADMIN manages people and reads the audit log but does not decide applications: the person who
 * can create accounts cannot also approve on their own (separation of duties).
 */
export const rolePermissions: Readonly<Record<StaffRole, readonly Permission[]>> = {
  VIEWER: ['applications.read', 'announcements.read', 'funnel.read'],
  REVIEWER: ['applications.read', 'applications.decide', 'applications.cancel', 'announcements.read', 'funnel.read'],
  // Only ADMIN publishes what every applicant sees (maintenance, notices): one accountable role,
  // with a second factor.
  ADMIN: ['applications.read', 'staff.manage', 'audit.read', 'announcements.read', 'announcements.publish', 'funnel.read'],
};

export const roleLabels: Readonly<Record<StaffRole, string>> = {
  VIEWER: '閲覧者',
  REVIEWER: '審査担当者',
  ADMIN: '管理者',
};

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (staffRoles as readonly string[]).includes(value);

export const can = (role: StaffRole, permission: Permission): boolean => rolePermissions[role].includes(permission);

/** Roles that must sign in with a second factor (TOTP): every one (issue 25, docs/decisions/0200-staff-second-factors.md). */
export const rolesNeedingSecondFactor: readonly StaffRole[] = ['ADMIN', 'REVIEWER', 'VIEWER'];
