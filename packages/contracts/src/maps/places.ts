import { z } from 'zod';
import { PLACE_PAGE_SIZE, PLACE_PAGE_SIZES } from './constants.js';

/** Place search result (§3): name, address, location — WGS-84, whatever the provider speaks. */
export const place = z.object({
  name: z.string(),
  address: z.string(),
  location: z.object({ lng: z.number(), lat: z.number() }),
  /** Division code of the county it lies in, when known. */
  adcode: z.string().optional(),
});
export type Place = z.infer<typeof place>;

const keyword = z.string().trim().min(1, '请输入关键字').max(80, '最多输入80个字符');

/** Keyword search, paged from 0; size one of 30, 50, 100. */
export const placeSearchQuery = z.object({
  keyword,
  /** Limit to a division (code or name), optional. */
  city: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce
    .number()
    .int()
    .refine((n) => PLACE_PAGE_SIZES.includes(n), '每页条数只能为30、50或100')
    .default(PLACE_PAGE_SIZE),
});
export type PlaceSearchQuery = z.infer<typeof placeSearchQuery>;

export const autocompleteQuery = z.object({ keyword, city: z.string().trim().max(40).optional() });
export const geocodeQuery = z.object({ address: keyword, city: z.string().trim().max(40).optional() });
export const reverseGeocodeQuery = z.object({
  lng: z.coerce.number().min(-180).max(180),
  lat: z.coerce.number().min(-90).max(90),
});
export const citySearchQuery = z.object({ keyword });

/** Reverse geocoding: the address of a point and its three-level division codes (§3 address). */
export const reverseGeocode = z.object({
  fullAddress: z.string(),
  /** [province 2 digits, city 4 digits, county 6 digits]; empty when the point is outside China. */
  address: z.array(z.string()),
  names: z.array(z.string()),
});
export type ReverseGeocode = z.infer<typeof reverseGeocode>;

/** An administrative division (province 1, prefecture 2, county 3). */
export const division = z.object({
  code: z.string(),
  name: z.string(),
  level: z.number().int(),
  parentCode: z.string(),
  location: z.object({ lng: z.number(), lat: z.number() }),
});
export type Division = z.infer<typeof division>;
export const divisionQuery = z.object({
  parent: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});

/** Which service answers place searches (系统配置). */
export const MAP_PROVIDERS = ['builtin', 'amap'] as const;
export type MapProviderName = (typeof MAP_PROVIDERS)[number];
export const mapProviderSettings = z.object({
  provider: z.enum(MAP_PROVIDERS),
  /** Whether an AMap key is stored; the key itself is never answered. */
  amapKeyConfigured: z.boolean(),
  amapBaseUrl: z.string(),
});
export type MapProviderSettings = z.infer<typeof mapProviderSettings>;
export const AMAP_BASE_URL = 'https://restapi.amap.com';
export const mapProviderSettingsBody = z.object({
  provider: z.enum(MAP_PROVIDERS),
  /** A new key; empty or absent keeps the stored one. */
  amapKey: z.string().trim().max(64, '最多输入64个字符').optional(),
  amapBaseUrl: z
    .string()
    .trim()
    .max(200)
    .regex(/^https?:\/\/[^\s]+$/, '输入的地址格式错误')
    .optional(),
});
/** Whether the provider can show satellite imagery (the built-in one cannot: no imagery offline). */
export const mapCapabilities = z.object({ provider: z.enum(MAP_PROVIDERS), satellite: z.boolean() });
export type MapCapabilities = z.infer<typeof mapCapabilities>;

export const MapMessages = {
  providerFailed: '地图服务暂时不可用',
  amapKeyMissing: '未配置高德地图Key',
  notFound: '未找到相关地点',
} as const;
