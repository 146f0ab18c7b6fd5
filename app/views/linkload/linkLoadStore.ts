import type { LinkLoad } from '../../../src/kernel/replay/link-load';
import { resultCompanion } from '../../store/resultCompanion';

/** The link load the worker sent after a result, with the result it belongs to. */
const LINK_LOADS = resultCompanion<LinkLoad>();

export const rememberLinkLoad = LINK_LOADS.remember;

/** The link load of `result`, once it has arrived. */
export const useLinkLoadOf = LINK_LOADS.useOf;
