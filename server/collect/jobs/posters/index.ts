import type { TargetMethod } from '../../../../src/shared';
import { gcsPoster } from './gcs';
import { localPoster } from './local';
import type { Poster } from './poster';
import { snowstagePoster } from './snowstage';
import { tableauPoster } from './tableau';

export const POSTERS: Record<TargetMethod, Poster> = { LOCAL: localPoster, GCS: gcsPoster, TABLEAU: tableauPoster, SNOWSTAGE: snowstagePoster };

export type { Poster, PostFile, PostTarget, Posted } from './poster';
