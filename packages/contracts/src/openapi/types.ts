/** The shapes of the OpenAPI 3.1 document the route table is described by. */
import type { RouteDefinition } from '../core/route-definition.js';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiMediaType {
  readonly schema: JsonSchema;
  /** Drawn from the schema (examples.ts), and valid against it. */
  readonly example?: unknown;
  /** Bodies that differ between versions: each variant with the versions it applies to. */
  readonly 'x-ncs-version-variants'?: readonly { readonly versions: string; readonly schema: JsonSchema }[];
}

export interface OpenApiResponse {
  readonly description: string;
  readonly headers?: Readonly<Record<string, { readonly $ref: string }>>;
  readonly content?: Readonly<Record<string, OpenApiMediaType>>;
  /** The live stream's events by SSE `event` name: when each comes and the schema of its `data.data`. */
  readonly 'x-live-events'?: Readonly<
    Record<string, { readonly description: string; readonly data: JsonSchema }>
  >;
}

export interface OpenApiParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
}

export interface OpenApiOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly parameters?: readonly OpenApiParameter[];
  readonly requestBody?: {
    readonly required: boolean;
    readonly description?: string;
    readonly content: Readonly<Record<string, OpenApiMediaType>>;
  };
  readonly responses: Readonly<Record<string, OpenApiResponse>>;
  /** `[]` on public routes: no token needed. */
  readonly security?: readonly Record<string, readonly string[]>[];
}

export type OpenApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string }[];
  readonly tags: readonly { readonly name: string; readonly description?: string }[];
  readonly security: readonly Record<string, readonly string[]>[];
  readonly paths: Readonly<Record<string, Partial<Record<OpenApiMethod, OpenApiOperation>>>>;
  readonly components: {
    readonly securitySchemes: Readonly<Record<string, JsonSchema>>;
    readonly headers: Readonly<Record<string, JsonSchema>>;
    readonly schemas: Readonly<Record<string, JsonSchema>>;
  };
}

export interface OpenApiOptions {
  readonly baseUrl: string;
  /** Vendor of the media type, e.g. `ncs` in `application/vnd.ncs.api-v2026.1.13+json+hal`. */
  readonly vendor: string;
  /** Defaults to the route table; tests pass their own. */
  readonly routeTable?: readonly RouteDefinition[];
}
