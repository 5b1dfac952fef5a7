// Small routes: service root, key info, capabilities, catalogs (spec 2.12, 2.13, 4.1, 4.2).
import { ASSET_TYPES, CATEGORIES, CHAINS, INTEL_CATEGORIES } from "./catalog.js";
import type { Handler } from "./http.js";

const root: Handler = () => ({ raw: { name: "Market Intelligence Data Service (sandbox)", version: "2.0.0-sandbox", status: "ok" } });

const apiKeyInfo: Handler = (ctx) => {
  const k = ctx.key!;
  return { data: { id: k.id, name: k.name, type: k.type, scopes: k.scopes, expiresAt: k.expiresAt ?? "never" } };
};

const me: Handler = (ctx) => {
  const k = ctx.key!;
  return {
    data: {
      credential: { id: k.id, name: k.name, type: k.type, expiresAt: k.expiresAt },
      // spec 8.1: the effective numbers, the ones the headers and the 429s follow (`--rate-limit` sets one for every key)
      entitlements: k.entitlements, rateLimit: ctx.rateLimit, history: ctx.history,
    },
    meta: {},
  };
};

const chains: Handler = () => ({ data: CHAINS.map((c) => ({ id: c.slug, name: c.name, shortName: c.shortName, evm: c.evm })) });
const intelCategories: Handler = () => ({ data: INTEL_CATEGORIES.map((c) => ({ id: c.slug, name: c.name, description: c.description })) });

const clustersV2: Handler = (ctx) => ({ data: ctx.world.ds.clusters });
const clustersV3: Handler = (ctx) => ({ data: ctx.world.ds.clusters, meta: {} });

const vocabulary: Handler = () => ({
  data: {
    categories: CATEGORIES, chains: CHAINS.map((c) => ({ slug: c.slug, name: c.name })), assetTypes: ASSET_TYPES,
    intelCategories: INTEL_CATEGORIES.map((c) => ({ slug: c.slug, name: c.name })),
  },
  meta: {},
});

const agent: Handler = (ctx) => {
  const body = ctx.body() as { prompt?: unknown } | undefined;
  return { data: { reply: "The sandbox agent only echoes; the agent route is removed in v3.", prompt: body?.prompt ?? null } };
};

export const miscHandlers: Record<string, Handler> = {
  "v2.root": root,
  "v2.apiKeys.info": apiKeyInfo,
  "v2.projects.chains": chains,
  "v2.clusters": clustersV2,
  "v2.intelCategories": intelCategories,
  "v2.agent": agent,
  "v3.me": me,
  "v3.clusters.list": clustersV3,
  "v3.vocabulary": vocabulary,
};
