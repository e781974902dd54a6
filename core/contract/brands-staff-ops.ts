import {
  BrandCreateSchema,
  BrandDetailSchema,
  BrandEditSchema,
  BrandHostAddSchema,
  BrandHostRemoveSchema,
  BrandQuerySchema,
  BrandRollbackSchema,
  BrandsResponseSchema,
  BrandVersionRefSchema,
} from '../schemas/brands';
import type { Operation } from './operation';

const INVALID = ['validation_failed'] as const;
const NOT_FOUND = ['brand_not_found'] as const;
const OWNERS = ['staff_forbidden'] as const;

/**
 * Brands made in the workspace (issue 48 items 3-5, docs/decisions/019-brands-in-d1.md): owners only (the handlers
 * check the deployment-wide owner role, worker/staff/brands-routes.ts), every change audited. A brand's settings
 * are validated by the tenant files' schema: 422 brand_invalid with each field's path and reason, nothing saved.
 */
export const BRANDS_STAFF_OPERATIONS = [
  {
    method: 'get',
    path: '/api/staff/brands.php',
    operationId: 'staffBrands',
    tag: 'staff',
    auth: 'staff',
    role: 'owner',
    summary: 'The brands made in the workspace, the tenant files’ brands and the pool of databases',
    responses: { 200: { description: 'The brands.', schema: BrandsResponseSchema } },
    errors: { 403: OWNERS },
  },
  {
    method: 'post',
    path: '/api/staff/brands.php',
    operationId: 'staffCreateBrand',
    tag: 'staff',
    auth: 'staff',
    role: 'owner',
    summary: 'Create a brand (version 1, a draft served on its preview host) with a database from the pool',
    body: { schema: BrandCreateSchema },
    responses: { 201: { description: 'The brand.', schema: BrandDetailSchema } },
    errors: { 400: [...INVALID, 'brand_database_unknown'], 403: OWNERS, 409: ['brand_exists'], 422: ['brand_invalid'] },
  },
  {
    method: 'get',
    path: '/api/staff/brand.php',
    operationId: 'staffBrand',
    tag: 'staff',
    auth: 'staff',
    role: 'owner',
    summary: 'A brand: its newest settings, versions and hosts',
    query: BrandQuerySchema,
    responses: { 200: { description: 'The brand.', schema: BrandDetailSchema } },
    errors: { 400: INVALID, 403: OWNERS, 404: NOT_FOUND },
  },
  {
    method: 'put',
    path: '/api/staff/brand.php',
    operationId: 'staffEditBrand',
    tag: 'staff',
    auth: 'staff',
    role: 'owner',
    summary: 'Edit a brand: a new version, shown on the preview host until it goes live',
    body: { schema: BrandEditSchema },
    responses: { 200: { description: 'The brand.', schema: BrandDetailSchema } },
    errors: { 400: INVALID, 403: OWNERS, 404: NOT_FOUND, 422: ['brand_invalid'] },
  },
  {
    method: 'post',
    path: '/api/staff/brand-live.php',
    operationId: 'staffBrandGoLive',
    tag: 'staff',
    auth: 'staff',
    role: 'owner',
    summary: 'Serve a version (the newest without one) on the brand’s hosts',
    body: { schema: BrandVersionRefSchema },
    responses: { 200: { description: 'The brand.', schema: BrandDetailSchema } },
    errors: { 400: INVALID, 403: OWNERS, 404: [...NOT_FOUND, 'brand_version_not_found'] },
  },
  {
    method: 'post',
    path: '/api/staff/brand-rollback.php',
    operationId: 'staffBrandRollback',
    tag: 'staff',
    auth: 'staff',
    role: 'owner',
    summary: 'Serve an earlier version again (audited as a rollback)',
    body: { schema: BrandRollbackSchema },
    responses: { 200: { description: 'The brand.', schema: BrandDetailSchema } },
    errors: { 400: INVALID, 403: OWNERS, 404: [...NOT_FOUND, 'brand_version_not_found'] },
  },
  {
    method: 'post',
    path: '/api/staff/brand-hosts.php',
    operationId: 'staffAddBrandHost',
    tag: 'staff',
    auth: 'staff',
    role: 'owner',
    summary: 'Add a host (a partner domain through Cloudflare for SaaS, or one of the deployment’s zones)',
    body: { schema: BrandHostAddSchema },
    responses: { 201: { description: 'The brand.', schema: BrandDetailSchema } },
    errors: { 400: INVALID, 403: OWNERS, 404: NOT_FOUND, 409: ['brand_host_taken'] },
  },
  {
    method: 'delete',
    path: '/api/staff/brand-hosts.php',
    operationId: 'staffRemoveBrandHost',
    tag: 'staff',
    auth: 'staff',
    role: 'owner',
    summary: 'Remove a host of the brand',
    body: { schema: BrandHostRemoveSchema },
    responses: { 200: { description: 'The brand.', schema: BrandDetailSchema } },
    errors: { 400: INVALID, 403: OWNERS, 404: NOT_FOUND },
  },
] as const satisfies readonly Operation[];
