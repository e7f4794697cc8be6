import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_MSG } from '@contract/events';
import { LOCATION_MSG, setLocationBody, storedLocation, type StoredLocation } from '@contract/location';
import { isAmbiguous } from '@contract/towns';
import { geocodeCity, reverseGeocode } from '../geo/towns';
import { BadRequestError } from '../lib/errors';
import { clearSavedLocation, findSavedLocation, saveLocation } from '../repositories/locations';

/** The visitor's location cookie (encrypted); signed-in people keep theirs with the account. */
export const LOCATION_COOKIE = 'user_location';
const EMPTY: StoredLocation = { latitude: null, longitude: null, City: null, region: null, Country: null };
const MAX_AGE_S = 90 * 24 * 3600;

/**
 * The saved location (spec section 7, "Cookies and location"), docs/adr/0075: a signed-in person's
 * is stored with their account, so the next person on the same browser never gets it; a visitor's
 * stays in an encrypted cookie. Coordinates are reverse-geocoded to the nearest town by our server
 * from the towns data; a city alone is geocoded the same way.
 */
export async function locationRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { sealer, config, database } = app.ctx;
  const db = database.db;

  /** A signed-in person's browser forgets any location cookie: the account's location is the one. */
  const dropCookie = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.cookies[LOCATION_COOKIE] !== undefined) reply.clearCookie(LOCATION_COOKIE, { path: '/' });
  };

  app.get('/location/decrypt', { schema: { response: { 200: storedLocation } } }, async (request, reply) => {
    if (request.user) {
      dropCookie(request, reply);
      return (await findSavedLocation(db, request.user.id)) ?? EMPTY;
    }
    const parsed = storedLocation.safeParse(sealer.open(request.cookies[LOCATION_COOKIE]));
    return parsed.success ? parsed.data : EMPTY;
  });

  app.post('/location/set-location', { schema: { body: setLocationBody, response: { 200: storedLocation } } }, async (request, reply) => {
    const b = request.body;
    let location: StoredLocation & { latitude: number; longitude: number };
    if (b.latitude != null && b.longitude != null) {
      const town = b.City ? null : reverseGeocode(b.latitude, b.longitude);
      if (!b.City && !town) throw new BadRequestError(LOCATION_MSG.unknown);
      location = {
        latitude: b.latitude, longitude: b.longitude, City: b.City ?? town!.City, region: b.region ?? town?.region ?? null,
        Country: b.Country ?? 'Poland',
      };
    } else {
      const found = b.City ? geocodeCity(b.City, b.region) : null;
      if (!found) throw new BadRequestError(EVENT_MSG.cityUnknown, { City: EVENT_MSG.cityUnknown });
      if (isAmbiguous(found)) throw new BadRequestError(EVENT_MSG.cityAmbiguous, { City: EVENT_MSG.cityAmbiguous });
      location = { latitude: found.latitude, longitude: found.longitude, City: found.City, region: found.region, Country: b.Country ?? 'Poland' };
    }
    if (request.user) {
      await saveLocation(db, request.user.id, location);
      dropCookie(request, reply);
    } else {
      reply.setCookie(LOCATION_COOKIE, sealer.seal(location), {
        path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies, maxAge: MAX_AGE_S,
      });
    }
    return location;
  });

  app.delete('/location/clear', { schema: { response: { 200: z.object({ msg: z.string() }) } } }, async (request, reply) => {
    if (request.user) await clearSavedLocation(db, request.user.id);
    reply.clearCookie(LOCATION_COOKIE, { path: '/' });
    return { msg: LOCATION_MSG.cleared };
  });
}
