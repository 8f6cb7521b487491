import { RoleType } from '@skill-cert/shared/roles';
import { lazy, Suspense } from 'react';
import { PersonalProfile } from '@/features/users/personal-profile';
import { PageLoading } from '@/shared/components/page-loading';
import { useCurrentUser } from '@/shared/session/session-store';

// An examiner's qualifications are the examiner portal's (feature level-evaluations, its examiner folder), loaded only for that role.
const QualificationSection = lazy(() =>
  import('@/features/level-evaluations/examiner/qualification-section').then((m) => ({
    default: m.QualificationSection,
  })),
);

// The enterprise's /profile is its company's settings screen (feature company-settings), loaded only for that role.
const CompanyProfile = lazy(() =>
  import('@/features/companies/settings/company-profile').then((m) => ({ default: m.CompanyProfile })),
);

/** /profile: company information for the enterprise role with a company, personal information for the others (an examiner's with their qualifications). */
export function ProfileRoute() {
  const user = useCurrentUser();
  if (user?.active_role_type_id === RoleType.ENTERPRISE && user.company_id)
    return (
      <Suspense fallback={<PageLoading />}>
        <CompanyProfile companyId={user.company_id} />
      </Suspense>
    );
  if (user?.active_role_type_id === RoleType.EXAMINER)
    return (
      <>
        <PersonalProfile />
        <Suspense fallback={<PageLoading />}>
          <QualificationSection />
        </Suspense>
      </>
    );
  return <PersonalProfile />;
}
