import { z } from 'zod';
import type { Router } from './route.js';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { code: { type: 'integer', example: 20000 }, message: { type: 'string' }, data },
  required: ['code', 'message', 'data'],
});

/** The OpenAPI 3 document of every registered route, generated from the same zod schemas that validate. */
export function buildOpenApi(router: Router, info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of router.routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const access = route.access;
    const operation: JsonSchema = {
      summary: route.summary,
      tags: route.tags,
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      responses: {
        '200': {
          description: 'code 20000 on success; errors carry the codes of the error catalogue',
          content: {
            'application/json': {
              schema: route.raw
                ? route.response
                  ? toSchema(route.response, 'output')
                  : { type: 'object' }
                : envelope(route.response ? toSchema(route.response, 'output') : { nullable: true }),
            },
          },
        },
      },
      ...(access === 'public' ? { security: [] } : {}),
      ...(typeof access === 'object'
        ? { 'x-permission': { menu: access.menu, bit: access.bit, scope: access.scope } }
        : {}),
    };
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: {
          [route.form ? 'application/x-www-form-urlencoded' : 'application/json']: {
            schema: toSchema(route.body, 'input'),
          },
        },
      };
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        webClient: { type: 'http', scheme: 'basic', description: 'OAuth client credential, e.g. iot-web' },
      },
    },
    security: [{ bearerAuth: [] }],
    paths,
  };
}
