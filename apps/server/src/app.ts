import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions, type FastifyReply, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { ResponseCode } from '@ssd/shared/api';
import type { DatabaseHandle } from './db/client';
import { errorBody as contentErrorBody } from './content/errors';
import { contentService } from './content/plugin';
import { connectAnswerCache, type AnswerCache } from './content/answer-cache';
import { ChangeFeed } from './db/change-feed';
import { ProductReads } from './modules/checkout/product-reads';
import { fail } from './lib/envelope';
import { serializeError } from './lib/log-serializers';
import { responseSerializerCompiler } from './lib/response-serializer';
import { fastifyTrustProxy, type TrustProxy } from './lib/trust-proxy';
import { createMailer, type MailOptions } from './integrations/mail/mailer';
import { deriveOtpKey, type AuthContext } from './modules/auth/context';
import { PasswordWork, type PasswordWorkOptions } from './modules/auth/passwords';
import { authRoutes } from './modules/auth/routes';
import { googleRoutes } from './modules/auth/google-routes';
import { OidcClient, type OidcClientOptions } from './integrations/oidc/google-client';
import { TokenSigner } from './modules/auth/tokens';
import { listsRoutes } from './modules/lists/routes';
import { productRoutes } from './modules/product/routes';
import { wishlistRoutes } from './modules/wishlist/routes';
import { addressRoutes } from './modules/addresses/routes';
import { cartRoutes } from './modules/cart/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { defaultSeller, type SellerSettings } from './modules/invoices/seller';
import { orderRoutes } from './modules/orders/routes';
import { adminRoutes } from './modules/admin/plugin';
import { cachedGstRules } from './modules/checkout/service';
import { paymentWebhookRoutes } from './modules/checkout/webhook-routes';
import { paymentsNotConfigured } from './integrations/razorpay/not-configured';
import type { PaymentProvider } from './integrations/razorpay/types';
import { SANDBOX_PREFIX, sandboxPlugin, type SandboxPluginOptions } from './sandbox/plugin';
import { DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings } from './modules/checkout/settings';
import { userRoutes } from './modules/user/routes';
import { healthRoutes } from './modules/health/routes';
import { salesRoutes } from './modules/sales/routes';
import { authPlugin, requireAdmin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';

export interface AppOptions {
  database: DatabaseHandle;
  jwtSecret: string;
  /** Built SPA to serve at '/'; null serves the API and content only. */
  webDistDir?: string | null;
  logLevel?: string;
  /** Requests per client address per minute on /api (the content service is cached, not limited). */
  apiRateLimitPerMinute?: number;
  /** Extra routes mounted inside the /api/admin scope; tests use it to prove the scope's guard. */
  adminRoutes?: (admin: FastifyInstance) => Promise<void>;
  /** SMTP, or an outbox folder of .eml files (main.ts: DATA_DIR/mail). Default: an outbox in the OS temp folder. */
  mail?: MailOptions;
  /** Google sign-in (OpenID Connect); null or absent: the buttons say it is not configured. */
  google?: OidcClientOptions | null;
  /** Which proxies may name the client in X-Forwarded-For (lib/trust-proxy.ts); default: none. */
  trustProxy?: TrustProxy;
  /** The clock of every time-dependent rule (codes, throttles, sessions, tokens); tests move it. */
  now?: () => Date;
  /** Size of the content service's answer cache in characters (content/answer-cache.ts); 0 turns it off. */
  contentCacheChars?: number;
  /** Item reads per client address per minute on /content (content/budget.ts has the default); tests make it small. */
  contentRateLimitPerMinute?: number;
  /** Where log lines go (default: stdout); tests read them. */
  logStream?: FastifyLoggerOptions['stream'];
  /** How many argon2 computations run and wait at once (modules/auth/passwords.ts); tests make it small. */
  passwordWork?: PasswordWorkOptions;
  /** Fees and the hold length of checkout (modules/checkout/settings.ts has the defaults). */
  checkout?: Partial<CheckoutSettings>;
  /** The payment provider (Razorpay's adapter, pointed at Razorpay or the sandbox); absent: payments answer 503. */
  payments?: PaymentProvider;
  /** The built-in Razorpay sandbox to serve at /sandbox/razorpay (when no Razorpay keys are configured). */
  sandbox?: Omit<SandboxPluginOptions, 'db'> | null;
  /** The seller printed on GST invoices (modules/invoices/seller.ts); default: the demo seller in the checkout's seller state. */
  seller?: SellerSettings;
}

/** 16 M characters of kept answers (CONTENT_CACHE_MB=16): about 5,000 listing pages, 16 to 32 MB of memory. */
export const DEFAULT_CONTENT_CACHE_CHARS = 16 * 1024 * 1024;

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db, kind } = options.database;
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      serializers: { err: serializeError },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before routing (a malformed %-escape, an over-long parameter) reach no plugin's
    // handler; answer them in the dialect of the part of the site that was asked.
    frameworkErrors: (error, request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      const message = 'The address is not valid.';
      if (request.url.startsWith('/content')) {
        return reply.status(400).send(contentErrorBody('INVALID_QUERY', `Invalid query. ${message}`));
      }
      request.log.info({ err: error }, 'refused before routing');
      return reply.status(400).send({ code: ResponseCode.WARNING, message, data: null });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Under test every answer is written both ways and compared (lib/response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler({ compareWithZod: process.env.NODE_ENV === 'test' }));

  const now = options.now ?? (() => new Date());
  // What the server keeps in memory of the catalogue follows the database's change notifications.
  const changes = await ChangeFeed.connect(options.database, app.log);
  app.addHook('onClose', () => changes.stop());
  const tokens = new TokenSigner(options.jwtSecret, now);
  app.decorate('tokens', tokens);
  const mailer = createMailer(options.mail ?? { smtpUrl: null, outboxDir: join(tmpdir(), 'ssd-store-mail') }, app.log);
  const passwordWork = new PasswordWork(options.passwordWork);
  app.decorate('passwordWork', passwordWork);
  const authContext: AuthContext = {
    db,
    tokens,
    passwords: passwordWork,
    mailer,
    otpKey: deriveOtpKey(options.jwtSecret),
    now,
    log: app.log,
  };

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { razorpayCheckout: options.payments?.mode === 'razorpay' });
  await app.register(swagger, {
    openapi: {
      info: { title: 'SSD Store API', version: '1.0.0', description: 'Every answer is {code, message, data}.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          refresh: { type: 'apiKey', in: 'header', name: 'X-Refresh-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        max: options.apiRateLimitPerMinute ?? 1200,
        timeWindow: '1 minute',
        errorResponseBuilder: (_request, context) => ({
          statusCode: 429,
          code: ResponseCode.WARNING,
          message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
          data: null,
        }),
      });
      // API answers are about one caller (a session, a cart, a profile) unless a route says otherwise:
      // no browser or proxy may keep them. Public routes that may be kept set their own Cache-Control.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await api.register(authPlugin, { db, tokens, now });
      await api.register(healthRoutes, { db, databaseKind: kind });
      await api.register(salesRoutes, { db });
      await api.register(authRoutes, { ctx: authContext });
      await api.register(googleRoutes, { ctx: authContext, google: options.google ? new OidcClient(options.google) : null });
      await api.register(userRoutes, { db, now });
      // Single short reads, the most frequent calls of a page (a product page's, a shopper's id lists):
      // the pipelined handle (decisions/0067).
      const { reads } = options.database;
      await api.register(listsRoutes, { db: reads });
      await api.register(productRoutes, { db: reads });
      await api.register(wishlistRoutes, { db, reads });
      await api.register(addressRoutes, { db });
      await api.register(cartRoutes, { db, reads });
      const checkout = {
        db,
        now,
        settings: { ...DEFAULT_CHECKOUT_SETTINGS, ...options.checkout },
        payments: options.payments ?? paymentsNotConfigured,
        gstRules: cachedGstRules(db, now),
        products: new ProductReads(db, changes),
      };
      await api.register(checkoutRoutes, { ctx: checkout });
      await api.register(orderRoutes, { db, now });
      await api.register(paymentWebhookRoutes, { ctx: checkout });
      await api.register(invoiceRoutes, { ctx: { db, seller: options.seller ?? defaultSeller(checkout.settings.sellerState) } });
      await api.register(
        async (admin) => {
          admin.addHook('onRequest', requireAdmin);
          // Unknown admin paths are refused like known ones, whatever the method, so the admin API
          // can't be mapped anonymously: a route of this scope catches them (the SPA's catch-all GET
          // would otherwise answer them first), and the scope's hook refuses before it is reached.
          const unknownAdminPath = (request: FastifyRequest) => {
            throw fail.notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
          };
          admin.all('/', unknownAdminPath);
          admin.all('/*', unknownAdminPath);
          await admin.register(adminRoutes, { ctx: checkout, changes });
          if (options.adminRoutes) await options.adminRoutes(admin);
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );

  const contentCacheChars = options.contentCacheChars ?? DEFAULT_CONTENT_CACHE_CHARS;
  const answerCache = contentCacheChars > 0 ? connectAnswerCache(changes, { maxChars: contentCacheChars }) : null;
  app.decorate('contentAnswers', answerCache);
  await app.register(contentService, {
    prefix: '/content',
    db,
    answers: answerCache,
    rateLimitPerMinute: options.contentRateLimitPerMinute,
    changes,
  });

  if (options.sandbox) await app.register(sandboxPlugin, { prefix: SANDBOX_PREFIX, db, now, ...options.sandbox });
  if (options.webDistDir) await app.register(webPlugin, { distDir: options.webDistDir, db, tokens, now });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    /** Every argon2 computation of the server, bounded (modules/auth/passwords.ts). */
    passwordWork: PasswordWork;
    /** The content service's answer cache; null when turned off. */
    contentAnswers: AnswerCache | null;
  }
}
