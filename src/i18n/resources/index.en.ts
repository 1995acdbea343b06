/// <reference types="vite/client" />
import { collectResourceLabels } from '../resourceLabels';

/**
 * Messages of every resource, under react-admin's `resources.<name>` keys: each label file of this
 * folder, found by Vite (the server reads the same folder, server/http/resource-labels.ts), so a new
 * resource's labels are a new file. i18nProvider loads this lazily: the sign-in page carries none of it.
 */
export const resourcesEn = collectResourceLabels(import.meta.glob<Record<string, unknown>>(['./*.en.ts', '!./index.en.ts'], { eager: true }), 'en').messages;
