import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type ContentCard,
  type ContentListQuery,
  cloudServiceUri,
  contentCard,
  contentPage,
  courseSystemMatrix,
  courseSystemRow,
  resourcePermit,
} from '@uplus/shared';
import { z } from 'zod';
import { http, serviceUrl } from '../../../api/http';
import { useStored } from '../../../lib/storage';
import { portalContentKeys } from '../api';
import { inIdOrder, resourceIdChunks } from './catalogue-model';

/*
 * The catalogue calls of portal spec 7 (course resources in chunks of 4 ids, train cases, course systems
 * and their matrix, permit/authority) and the cloud IDE address (foundation spec 7), beside the public
 * content hooks of ../api.ts. Lists show their failures in place (silent); the permit check, an action,
 * lets the client toast a failure.
 */

const course = (path: string) => serviceUrl('course', path);
const cards = z.array(contentCard);
const systems = z.array(courseSystemRow);

export const catalogueKeys = {
  all: ['portal-catalogue'] as const,
  resources: (schoolId: string, ids: string) => [...catalogueKeys.all, 'resources', schoolId, ids] as const,
  trainCases: (schoolId: string) => [...catalogueKeys.all, 'traincases', schoolId] as const,
  systems: (schoolId: string) => [...catalogueKeys.all, 'systems', schoolId] as const,
  matrix: (systemId: string) => [...catalogueKeys.all, 'matrix', systemId] as const,
  cloud: (token: string, serviceType: string, projectId: string, repositoryId: string) =>
    [...catalogueKeys.all, 'cloud', token, serviceType, projectId, repositoryId] as const,
};

/**
 * `GET course/exclusives/school/{schoolId}/course_resources`: a school's own courses. With ids, 4 per call
 * (portal spec 7), the answers put back in the order of the ids; without, all of them in one call.
 */
export const fetchCourseResources = async (
  schoolId: string,
  ids: readonly string[] | null,
  signal?: AbortSignal,
): Promise<ContentCard[]> => {
  const url = course(`/exclusives/school/${encodeURIComponent(schoolId)}/course_resources`);
  const parts = await Promise.all(
    resourceIdChunks(ids).map((group) =>
      http.get(url, { query: { ids: group ?? undefined }, schema: cards, silent: true, signal }),
    ),
  );
  const all = parts.flat();
  return ids ? inIdOrder(ids, all) : all;
};

export const useCourseResources = (
  schoolId: string | null | undefined,
  ids: readonly string[] | null = null,
) =>
  useQuery({
    queryKey: catalogueKeys.resources(schoolId ?? '', ids ? ids.join(',') : '*'),
    queryFn: ({ signal }) => fetchCourseResources(schoolId ?? '', ids, signal),
    enabled: !!schoolId && (ids === null || ids.length > 0),
  });

/** `GET course/exclusives/school/{schoolId}/traincases`: a school's own industry projects. */
export const useTrainCases = (schoolId: string | null | undefined) =>
  useQuery({
    queryKey: catalogueKeys.trainCases(schoolId ?? ''),
    queryFn: ({ signal }) =>
      http.get(course(`/exclusives/school/${encodeURIComponent(schoolId ?? '')}/traincases`), {
        schema: cards,
        silent: true,
        signal,
      }),
    enabled: !!schoolId,
  });

/** `GET course/course_systems?school=`: a school's course systems, in their order (sort). */
export const useCourseSystems = (schoolId: string | null | undefined) =>
  useQuery({
    queryKey: catalogueKeys.systems(schoolId ?? ''),
    queryFn: async ({ signal }) => {
      const rows = await http.get(course('/course_systems'), {
        query: { school: schoolId },
        schema: systems,
        silent: true,
        signal,
      });
      return [...rows].sort((a, b) => a.sort - b.sort);
    },
    enabled: !!schoolId,
  });

/** `GET course/course_system_items/matrix?systemId=`: the system's columns and rows of course cards. */
export const useCourseSystemMatrix = (systemId: string | null | undefined) =>
  useQuery({
    queryKey: catalogueKeys.matrix(systemId ?? ''),
    queryFn: ({ signal }) =>
      http.get(course('/course_system_items/matrix'), {
        query: { systemId },
        schema: courseSystemMatrix,
        silent: true,
        signal,
      }),
    enabled: !!systemId,
  });

/**
 * `GET course/course_system_items/permit/authority?resourceId=&resourceType=`: whether the user may study
 * a resource (visitors: 请先登录; another school's own resource: 暂未对您的学校开放). Asked on click.
 */
export const useResourcePermit = () =>
  useMutation({
    mutationFn: (input: { resourceId: string; resourceType: 'course' | 'experiment' | 'project' }) =>
      http.get(course('/course_system_items/permit/authority'), { query: input, schema: resourcePermit }),
  });

/**
 * `GET course/huawei/cloud/service_uri`: the address of the item's cloud development environment (signed
 * in). Asked afresh each time (the address may carry a one-time ticket); a 400 says none is configured.
 */
export const useCloudServiceUri = (
  input: { serviceType: string; projectId: string; repositoryId: string },
  enabled: boolean,
) => {
  const token = useStored('AccessToken') ?? '';
  return useQuery({
    queryKey: catalogueKeys.cloud(token, input.serviceType, input.projectId, input.repositoryId),
    queryFn: ({ signal }) =>
      http.get(course('/huawei/cloud/service_uri'), {
        query: input,
        schema: cloudServiceUri,
        silent: true,
        signal,
      }),
    enabled: enabled && !!token,
    retry: false,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
};
