import { createFileRoute } from '@tanstack/react-router';
import { searchFlag } from '../lib/search-params.ts';
import { ProfilePage } from '../features/account/components/profile-page.tsx';
import { SecuritySettings } from '../features/auth/components/security-settings.tsx';
import { PushSettings } from '../features/notifications/components/push-settings.tsx';
import { MyLooks } from '../features/data-access/components/my-looks.tsx';

export const Route = createFileRoute('/profile/')({
  validateSearch: (s): { edit?: boolean | undefined } => ({ edit: searchFlag(s.edit) }),
  component: ProfileRoute,
});

/**
 * The profile (account) with its sign-in security section (auth), this device's notifications (decision 051) and,
 * for a citizen, who looked at their data (decision 071).
 */
function ProfileRoute() {
  return (
    <ProfilePage
      security={(user) => (
        <>
          <SecuritySettings user={user} />
          <PushSettings />
          {user.kind === 'citizen' && <MyLooks />}
        </>
      )}
    />
  );
}
