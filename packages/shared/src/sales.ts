import { z } from './zod';

/** A sale (spec 2 §3): items tagged `tag_name` are on it until `active_till`. */
export const saleSchema = z.object({
  sale_id: z.number().int(),
  sale_name: z.string(),
  tag_name: z.string(),
  banner_image: z.string().nullable(),
  banner_image_mobile: z.string().nullable(),
  banner_image_laptop: z.string().nullable(),
  /** ISO 8601 instant. */
  active_till: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;
