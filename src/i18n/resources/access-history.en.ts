/** react-admin messages of the `access-history` resource (resources.access-history.*). */
export const accessHistoryEn = {
  name: 'Access history |||| Access history',
  fields: {
    id: 'ID',
    adminId: 'User',
    email: 'E-mail',
    name: 'Name',
    eventType: 'Event',
    success: 'Result',
    sourceIp: 'IP address',
    detail: 'Detail',
    occurredAt: 'Time',
    from: 'From',
    to: 'To',
    q: 'Search e-mail or IP',
  },
  events: {
    SIGN_IN: 'Sign-in',
    DASHBOARD_VIEW: 'Dashboard view',
    PROJECT_CREATE: 'Project created',
    UPLOAD: 'Upload',
  },
  results: {
    Y: 'Success',
    N: 'Failure',
  },
  stats: {
    totalLoginCount: 'Sign-ins',
    totalDashboardViews: 'Dashboard views',
    totalProjectCreateCount: 'Projects created',
    totalUploadCount: 'Uploads',
    chartTitle: 'Sign-ins per day',
    chartLabel: 'Sign-ins per day from %{from} to %{to}: %{success} successful, %{failure} failed',
    dayTooltip: '%{day}: %{success} successful, %{failure} failed',
    range: '%{from} – %{to}',
  },
};
