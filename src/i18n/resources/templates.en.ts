/** react-admin messages of the `templates` resource (resources.templates.*). */
export const templatesEn = {
  name: 'Dashboard Template |||| Dashboard Templates',
  fields: {
    name: 'Name',
    dataType: 'Data type',
    description: 'Description',
    status: 'Active',
    fileId: 'Dashboard file',
    previews: 'Preview images',
    thumbnail: 'Preview',
    createdAt: 'Created',
    updatedAt: 'Updated',
    q: 'Search',
  },
  helpers: {
    name: 'Projects made from this template show the view "Dashboard" of the Tableau workbook published under this name without spaces or punctuation: "Media Overview" → MediaOverview/Dashboard.',
    fileId: 'A .twb, .twbx, .json or .pdf file, up to %{size}',
    previews: 'PNG, JPEG or WebP, up to %{size} each, at most %{max}; the first is the thumbnail',
  },
  actions: {
    uploadFile: 'Upload file',
    replaceFile: 'Replace file',
    removeFile: 'Remove file',
    addPreviews: 'Add images',
    removePreview: 'Remove %{name}',
    openPreview: 'Open %{name} full size',
  },
  messages: {
    noFile: 'No dashboard file',
    noPreviews: 'No preview images',
    refused: '%{name} was not accepted: %{reason}',
    tooMany: 'Use at most %{max} preview images.',
  },
  notifications: {
    created: 'Dashboard template %{name} added',
    updated: 'Dashboard template %{name} saved',
    deleted: 'Dashboard template deleted |||| %{smart_count} dashboard templates deleted',
  },
};
