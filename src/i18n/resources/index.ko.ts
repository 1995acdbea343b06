/// <reference types="vite/client" />
import { collectResourceLabels } from '../resourceLabels';

/** Korean messages of every resource: each `*.ko.ts` label file of this folder, as index.en.ts collects the English. */
export const resourcesKo = collectResourceLabels(import.meta.glob<Record<string, unknown>>(['./*.ko.ts', '!./index.ko.ts'], { eager: true }), 'ko').messages;
