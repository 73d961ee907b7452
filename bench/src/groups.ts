import { randomUUID } from 'node:crypto';
import { toNewEvent } from '@interior/command-service/decider';
import { streamName, type UserGroupEvent } from '@interior/contracts';
import type { NewEvent } from '@interior/platform';

/**
 * Sample user groups: names of the form `<district> <team> <n>` so that a search for one team
 * word matches about a tenth of the groups, and one for a number matches only a few.
 */
export const districts = ['강남', '서초', '송파', '마포', '용산', '성수', '판교', '분당', '해운대', '수성'];
export const teams = [
  '디자인팀',
  '시공팀',
  '견적팀',
  '영업팀',
  '자재팀',
  '설계팀',
  '현장팀',
  '고객팀',
  '기획팀',
  '품질팀',
];

export interface GroupInput {
  name: string;
  description: string;
}

export function sampleGroup(n: number): GroupInput {
  const district = districts[n % districts.length]!;
  const team = teams[Math.floor(n / districts.length) % teams.length]!;
  return {
    name: `${district} ${team} ${n}`,
    description: `${district} 지역 ${team} 그룹 (벤치마크 ${n})`,
  };
}

/** A valid `UserGroupCreated` event with the metadata the command-service would give it. */
export function userGroupCreated(id: number, group: GroupInput, actorId: number | null): NewEvent {
  const event: UserGroupEvent = { type: 'UserGroupCreated', data: { id, ...group } };
  return toNewEvent(event, { actorId, correlationId: randomUUID(), now: new Date() });
}

export const userGroupStream = (id: number) => streamName('UserGroup', id);
