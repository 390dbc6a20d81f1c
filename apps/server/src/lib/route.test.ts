import { routes } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { TUserRow } from '../db/schema/index.ts';
import { createClient, createTherapist, uniqueEmail } from '../seed/factories.ts';
import { buildTestApp, signIn, type TTestApp } from '../test/app.ts';
import type { TRouteRequest, TUserOfRole } from './route.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('addRoute hands the handler the user its roles admit', () => {
  it('types the user by the route roles: one role, several roles, or maybe nobody on a public route', () => {
    expectTypeOf<TRouteRequest<typeof routes.userMe>['user']>().toEqualTypeOf<TUserOfRole<'client'>>();
    expectTypeOf<TRouteRequest<typeof routes.userMe>['user']['role']>().toEqualTypeOf<'client'>();
    expectTypeOf<TRouteRequest<typeof routes.therapistCurrent>['user']['role']>().toEqualTypeOf<'therapist'>();
    expectTypeOf<TRouteRequest<typeof routes.signIn>['user']>().toEqualTypeOf<TUserRow | null>();
  });

  it('gives the handler the signed-in user of the route role and refuses everyone else before it runs', async () => {
    const { app } = t;
    const client = await createClient(app.ctx.db, { email: uniqueEmail('route-client') });
    const therapist = await createTherapist(app.ctx.db, { email: uniqueEmail('route-therapist') });

    const asClient = await signIn(app, client.email);
    const me = await app.inject({ method: 'GET', url: routes.userMe.path, headers: asClient.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: 'client' });

    const asTherapist = await signIn(app, therapist.email);
    const wrongRole = await app.inject({ method: 'GET', url: routes.userMe.path, headers: asTherapist.headers });
    expect(wrongRole.statusCode).toBe(403);
    const nobody = await app.inject({ method: 'GET', url: routes.userMe.path });
    expect(nobody.statusCode).toBe(401);
  });
});
