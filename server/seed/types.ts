import type { z } from 'zod';
import type {
  TAppData,
  TCategory,
  TFaqEntry,
  TNewsItem,
  TService,
  TServiceCenter,
  ZDistributionCompany,
  ZGovernorate,
  ZSector,
} from '../../contract/catalog.ts';

/** A service as the seed writes it: the Arabic label/description and the derived/time fields are filled in. */
export type SeedService = Omit<TService, 'serviceLabel' | 'description' | 'isActive' | 'createdAt' | 'updatedAt'>;
export type SeedCategory = Omit<TCategory, 'services' | 'name'>;
export type SeedNewsItem = Omit<TNewsItem, 'title' | 'body'>;
export type SeedFaqEntry = TFaqEntry;
export type SeedGovernorate = z.infer<typeof ZGovernorate>;
export type SeedCompany = z.infer<typeof ZDistributionCompany>;
export type SeedSector = z.infer<typeof ZSector>;
export type SeedServiceCenter = TServiceCenter;
export type SeedAppData = TAppData;
