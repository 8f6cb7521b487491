import { RoleType } from '@skill-cert/shared/roles';
import { lazy, Suspense } from 'react';
import { PersonalProfile } from '@/features/account/personal-profile';
import { PageLoading } from '@/shared/components/page-loading';
import { useCurrentUser } from '@/shared/session/session-store';

// The enterprise's /profile is its company's settings screen (feature company-settings), loaded only for that role.
const CompanyProfile = lazy(() =>
  import('@/features/company-settings/company-profile').then((m) => ({ default: m.CompanyProfile })),
);

/** /profile: company information for the enterprise role with a company, personal information for the others. */
export function ProfileRoute() {
  const user = useCurrentUser();
  if (user?.active_role_type_id === RoleType.ENTERPRISE && user.company_id)
    return (
      <Suspense fallback={<PageLoading />}>
        <CompanyProfile companyId={user.company_id} />
      </Suspense>
    );
  return <PersonalProfile />;
}
