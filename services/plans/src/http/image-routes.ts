import type { Context } from 'koa';
import { IdParam } from '@cropvest/contracts';
import { parseInput } from '@cropvest/service-kit/errors';
import { handlers } from '@cropvest/service-kit/operations';
import { uploadHandler } from '@cropvest/service-kit/uploads';
import * as images from '../app/images.ts';
import type { PlansContext } from '../app/context.ts';

// Plan images are public and never change (one upload, one object): cache them for a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';

function sendImage(ctx: Context, image: images.ServedImage): void {
  ctx.set('Content-Type', image.contentType);
  ctx.set('Content-Length', String(image.size));
  ctx.set('ETag', image.etag);
  ctx.set('Cache-Control', IMMUTABLE);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.body = image.body;
}

/** Plan images: served to anyone as files, uploaded through the bucket plans owns, attached by an admin. */
export const imageRoutes = (plans: PlansContext) =>
  handlers('plans', {
    planImage: {
      middleware: [
        async (ctx) => {
          const { owner, id } = parseInput(IdParam.extend({ owner: IdParam.shape.id }), ctx.params);
          const image = await images.readImage(plans, owner, id);
          const cached = ctx.get('if-none-match');
          if (cached && cached === image.etag) {
            image.body.destroy();
            ctx.status = 304;
            ctx.set('ETag', image.etag);
            ctx.set('Cache-Control', IMMUTABLE);
            return;
          }
          sendImage(ctx, image);
        },
      ],
    },
    uploadPlanImage: {
      middleware: [
        uploadHandler({
          db: plans.db,
          store: plans.store,
          secret: plans.config.UPLOAD_TOKEN_SECRET,
          bucket: images.PLAN_IMAGES_BUCKET,
        }),
      ],
    },
    planImageUploadTicket: ({ actor, body, meta }) => images.attachImage(plans, actor, body.imageURL, meta),
  });
