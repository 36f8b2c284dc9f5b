/**
 * User permissions per network role. Every network-admin variant is reported as `admin`
 * (spec: Permissions; gate 1.4.8), so roles here are `admin` and `member`.
 */
const memberPermissions = ['VIEW_TASK'] as const;
const adminPermissions = [...memberPermissions, 'MANAGE_KNOWLEDGE_BASE', 'MANAGE_NETWORK'] as const;

export function permissionsForRole(role: string): readonly string[] {
  return role === 'admin' ? adminPermissions : memberPermissions;
}
