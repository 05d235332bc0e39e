import multipart from '@fastify/multipart';
import { Messages, ResultCode, type ScopeType } from '@iot/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { AccessService, AuthContext, ResolvedScope } from '../auth/access.service.js';
import { badRequest } from '../errors.js';
import { noteOperation, targetOf } from './operation.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
}

/**
 * Who may call a route: anyone; any signed-in user (the handler then touches only the caller's
 * own data); or holders of a permission bit on a menu entry in a scope whose id the route reads
 * from its validated input (for projects, any group id of the project).
 */
export type AccessRule<I> =
  | 'public'
  | 'authenticated'
  | { menu: string | readonly string[]; bit: number; scope: 'system' }
  | {
      /** One menu code, or several: the bit on any one of them passes. */
      menu: string | readonly string[];
      bit: number;
      scope: Exclude<ScopeType, 'system'>;
      scopeId: (input: Omit<I, 'body'>) => number;
    };

export interface RouteDefinition<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  Auth,
> {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  access: AccessRule<RouteInput<P, Q, B>>;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `data` in the answer (or of the whole answer when raw). */
  response?: Schema;
  /** Form-encoded body (the OAuth endpoints). */
  form?: boolean;
  /**
   * The body reaches the handler as a Buffer, whatever its content type, nothing parsed before it
   * (device telemetry: a bad body is counted on the device, not refused by the framework).
   */
  rawBody?: boolean;
  /**
   * The largest body this route reads, when it differs from the app's 10 MB (attachments: 200 MB).
   * The caller's token is checked before a byte of such a body is read, so only signed-in users
   * can make the server hold a large upload.
   */
  bodyLimit?: number;
  /**
   * A multipart/form-data body the handler reads itself (`request.parts()`), after the permission
   * check; these are the parser's limits (the assistant's completions: fields and files).
   */
  multipart?: { fileSize: number; files: number; fieldSize: number; fields: number };
  /** The handler's result is the whole answer, not wrapped in {code, message, data}. */
  raw?: boolean;
  /**
   * How a call by a signed-in user goes into the operation log: every method but GET is recorded as
   * a write unless the route says `false` (a query sent as POST); `signOut` for the sign-out.
   */
  operation?: false | 'signOut';
  handler: (context: RouteInput<P, Q, B> & RouteContext<Auth>) => Promise<unknown>;
}

export interface RouteContext<Auth> {
  auth: Auth;
  /** The scope the access rule resolved; null for public and authenticated routes. */
  scope: ResolvedScope | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

type AnyRoute = RouteDefinition<
  Schema | undefined,
  Schema | undefined,
  Schema | undefined,
  AuthContext | null
>;

/** Registers routes with validation and the permission check, and remembers them for OpenAPI. */
export class Router {
  readonly routes: AnyRoute[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly access: AccessService,
  ) {}

  /** A route that needs a signed-in caller; `access` says which permission. */
  route<
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    B extends Schema | undefined = undefined,
  >(
    definition: RouteDefinition<P, Q, B, AuthContext> & {
      access: Exclude<AccessRule<RouteInput<P, Q, B>>, 'public'>;
    },
  ): void {
    this.register(definition as unknown as AnyRoute);
  }

  /** A route anyone may call (sign-in, token checks). */
  publicRoute<
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    B extends Schema | undefined = undefined,
  >(definition: Omit<RouteDefinition<P, Q, B, null>, 'access'>): void {
    this.register({ ...definition, access: 'public' } as unknown as AnyRoute);
  }

  private register(definition: AnyRoute): void {
    this.routes.push(definition);
    const route: RouteOptions = {
      method: definition.method,
      url: definition.url,
      handler: async (request, reply) => {
        const auth =
          definition.access === 'public'
            ? null
            : await this.access.authenticate(request.headers.authorization);
        const logged = auth !== null && definition.method !== 'GET' && definition.operation !== false;
        if (logged)
          noteOperation(request, {
            kind: definition.operation === 'signOut' ? 'signOut' : 'write',
            userId: auth.userId,
            username: auth.username,
            summary: definition.summary,
            target: targetOf(request.params),
          });
        const location = {
          params: parse(definition.params, request.params),
          query: parse(definition.query, request.query),
        };
        let scope: ResolvedScope | null = null;
        const rule = definition.access;
        // Permission before the body: a caller without the right learns nothing from validation.
        if (auth && typeof rule === 'object') {
          const scopeId = rule.scope === 'system' ? 0 : rule.scopeId(location);
          scope = await this.access.authorize(auth, rule, scopeId);
          if (logged && scope.type === 'project') noteOperation(request, { projectId: scope.id });
        }
        const body = parse(definition.body, request.body);
        const result = await definition.handler({ ...location, body, auth, scope, request, reply });
        if (reply.sent) return reply;
        if (definition.raw) return result;
        return { code: ResultCode.SUCCESS, message: Messages.SUCCESS, data: result ?? null };
      },
    };
    if (definition.bodyLimit !== undefined) {
      route.bodyLimit = definition.bodyLimit;
      if (definition.access !== 'public')
        route.onRequest = async (request) => {
          await this.access.authenticate(request.headers.authorization);
        };
    }
    const { multipart: limits } = definition;
    if (limits) {
      void this.app.register(async (scope) => {
        await scope.register(multipart, { limits, throwFileSizeLimit: false });
        scope.route(route);
      });
      return;
    }
    if (!definition.rawBody) {
      this.app.route(route);
      return;
    }
    // Content-type parsers belong to a plugin scope: this route gets a scope whose only parser
    // hands over the bytes.
    void this.app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', ...(definition.bodyLimit ? { bodyLimit: definition.bodyLimit } : {}) },
        (_request, body, done) => done(null, body),
      );
      scope.route(route);
    });
  }
}

function parse(schema: Schema | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || '(root)',
    message: issue.message,
  }));
  const first = issues[0]!;
  throw badRequest(`${first.field}: ${first.message}`, issues);
}
