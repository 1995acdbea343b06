/** react-admin messages of the `system-logs` resource (resources.system-logs.*). */
export const systemLogsEn = {
  name: 'Log entry |||| System Log',
  fields: {
    requestAt: 'Time',
    eventId: 'Event ID',
    adminId: 'User ID',
    email: 'E-mail',
    httpMethod: 'Method',
    endPoint: 'Endpoint',
    httpStatus: 'Status',
    queryParam: 'Query',
    requestBody: 'Request body',
    sourceIp: 'Source IP',
    from: 'From',
    to: 'To',
    statusClass: 'Status class',
  },
  actions: {
    export: 'Export CSV',
  },
  retention: {
    title: 'Retention',
    save: 'Save log retention',
    days: 'Keep entries for (days)',
    help: 'Older entries are removed every hour, and at once when you save.',
    required: 'Enter a number of days.',
    saved: 'Retention set to %{days} days: %{removed} log rows older than %{date} were deleted.',
    savedNothingRemoved: 'Retention set to %{days} days; no log rows were old enough to delete.',
    confirmTitle: 'Shorten retention to %{days} days?',
    confirmContent: 'This permanently deletes %{rows} log rows older than %{date}.',
    confirmAction: 'Delete and save',
  },
};
