import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../sessions/actor';
import { ALLOWED_PARENTS, assertOwnOrganisation, type OrganisationType } from './organisations.policy';
import * as repo from './organisations.repo';

const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const KEY_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Creates an organisation under `parentId`, keeping the tree's shape (area > school > college > class). */
export const createOrganisation = async (opts: {
  db: Db;
  code: string;
  name: string;
  type: OrganisationType;
  parentId?: number | null;
}) => {
  if (!CODE_RE.test(opts.code)) throw AppError.badRequest('机构编码格式不正确');
  if (!opts.name.trim()) throw AppError.badRequest('请输入机构名称');
  const parent = opts.parentId ? await repo.findOrganisationById(opts.db, opts.parentId) : null;
  if (opts.parentId && !parent) throw AppError.badRequest('上级机构不存在');
  const parentType = (parent?.type ?? null) as OrganisationType | null;
  if (!ALLOWED_PARENTS[opts.type].includes(parentType)) throw AppError.badRequest('上级机构类型不正确');
  if (await repo.findOrganisationByCode(opts.db, opts.code)) throw AppError.badRequest('机构编码已存在');
  return repo.insertOrganisation(opts.db, {
    code: opts.code,
    name: opts.name.trim(),
    type: opts.type,
    parentId: parent?.id ?? null,
  });
};

/** The organisation and its ancestors, nearest first; empty when it does not exist. */
export const getAncestorChain = (opts: { db: Db; organisationId: number }) =>
  repo.findAncestorChain(opts.db, opts.organisationId);

/** Replaces the modules an organisation shows (exam, graduation, obe, course...). */
export const setOrganisationModules = async (opts: {
  db: Db;
  organisationId: number;
  modules: readonly { code: string; name: string }[];
}) => {
  for (const m of opts.modules) if (!KEY_RE.test(m.code)) throw AppError.badRequest('模块编码格式不正确');
  await repo.replaceModules(opts.db, opts.organisationId, opts.modules);
};

/** Sets organisation permissions by key (qabot = 2 enables the assistant). */
export const setOrganisationPermissions = async (opts: {
  db: Db;
  organisationId: number;
  permissions: Record<string, number>;
}) => {
  const entries = Object.entries(opts.permissions);
  for (const [key, value] of entries) {
    if (!KEY_RE.test(key) || !Number.isInteger(value)) throw AppError.badRequest('权限配置格式不正确');
  }
  await repo.upsertPermissions(opts.db, opts.organisationId, entries);
};

/**
 * `GET /api/base/organ/permissions?collegeId=`: the permissions of the actor's own organisation (or of one
 * of its ancestors), inherited down the tree: a nearer organisation's value wins.
 */
export const getOrganisationPermissions = async (opts: {
  db: Db;
  actor: Actor;
  collegeId: string | undefined;
}): Promise<Record<string, number>> => {
  const chain = opts.actor.membership
    ? await repo.findAncestorChain(opts.db, opts.actor.membership.leafId)
    : [];
  const targetId = assertOwnOrganisation(
    opts.actor,
    chain.map((n) => n.id),
    opts.collegeId,
  );
  const fromTarget = chain.slice(chain.findIndex((n) => n.id === targetId));
  const rows = await repo.listPermissions(
    opts.db,
    fromTarget.map((n) => n.id),
  );
  const result: Record<string, number> = {};
  // root first, so nearer organisations overwrite
  for (const node of [...fromTarget].reverse()) {
    for (const row of rows) if (row.organisationId === node.id) result[row.key] = row.value;
  }
  return result;
};

/** `GET /api/base/organ/modules?parameter=MY`: modules of the actor's organisation and its ancestors. */
export const getMyOrganisationModules = async (opts: { db: Db; actor: Actor }) => {
  if (!opts.actor.membership) return [];
  const chain = await repo.findAncestorChain(opts.db, opts.actor.membership.leafId);
  const rows = await repo.listModules(
    opts.db,
    chain.map((n) => n.id),
  );
  const depth = new Map(chain.map((n, i) => [n.id, i]));
  const byCode = new Map<string, { code: string; name: string; sort: number; depth: number }>();
  for (const row of rows) {
    const d = depth.get(row.organisationId) ?? Number.MAX_SAFE_INTEGER;
    const seen = byCode.get(row.code);
    if (!seen || d < seen.depth)
      byCode.set(row.code, { code: row.code, name: row.name, sort: row.sort, depth: d });
  }
  return [...byCode.values()]
    .sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code))
    .map(({ code, name }) => ({ code, name }));
};
