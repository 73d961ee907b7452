import { popupBannerResource } from '@interior/contracts';
import { resourceScreens } from '../kit/resourceScreens';

/** The Admin's banners (`system/popupbanner`); what readers see is SignedInBanners. */
export const systemPopupBanner = resourceScreens(popupBannerResource);
