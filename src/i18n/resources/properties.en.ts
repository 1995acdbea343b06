/** react-admin messages of the `properties` resource (resources.properties.*). */
export const propertiesEn = {};
