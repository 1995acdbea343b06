/** Labels of the `manual-permissions` API resource (resources.manual-permissions.*); the panel's own words are resources.uploads.permissions. */
export const manualPermissionsEn = {
  name: 'Manual permission |||| Manual permissions',
  fields: {
    adminId: 'User',
    name: 'Name',
    email: 'E-mail',
    privType: 'Permission',
  },
};
