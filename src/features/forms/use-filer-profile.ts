import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { profileSource, type TProfileSource } from '../../../contract/profile-binding.ts';
import { agentViewQuery } from '../../lib/agent-view.ts';
import { useBehalf } from '../../lib/behalf.ts';
import { APP_KIND } from '../../lib/constants.ts';
import { currentUserQuery, useHints } from '../../lib/session.ts';

/**
 * Whose profile a form's bound fields come from (decision 052): the signed-in citizen's; in the employee build the
 * citizen chosen on "apply on behalf", in the agent build the citizen the agent acts for (their name and national
 * id: the mobile those screens show is masked, so it is typed, and the server fills what the service locks).
 * A visitor has none. `undefined` while the profile is still loading.
 */
export function useFilerProfile(): TProfileSource | undefined {
  const hints = useHints();
  const current = useQuery({
    ...currentUserQuery('user', hints ?? { userSlug: '', userId: '', token: '' }),
    enabled: hints !== null && APP_KIND === 'citizen',
  });
  const behalf = useBehalf();
  const agent = useQuery({ ...agentViewQuery(hints?.userId ?? ''), enabled: APP_KIND === 'agent' && hints !== null });
  return useMemo(() => {
    if (!hints) return {};
    if (APP_KIND === 'employee') {
      const c = behalf?.citizen;
      return c ? profileSource({ fullName: c.name, nationalId: c.nationalId }) : {};
    }
    if (APP_KIND === 'agent') {
      if (agent.isPending) return undefined;
      const c = agent.data?.citizen;
      return c ? profileSource({ fullName: c.fullName, nationalId: c.nationalId }) : {};
    }
    const user = current.data;
    // A profile that cannot be read now (offline) fills nothing: the form opens anyway.
    if (!user) return current.isPending ? undefined : {};
    return profileSource({ ...user, homeAddress: user.profile.homeAddress, governorate: user.profile.governorate });
  }, [hints, current.data, current.isPending, behalf, agent.isPending, agent.data]);
}
