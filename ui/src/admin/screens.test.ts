import { canAccess, dashboardRoutes, dashboardRouteTitles } from '@interior/contracts';
import { canOpenDashboardRoute } from './access';
import { builtScreens } from './screens';

describe('dashboard screens', () => {
  it('give every dashboard path a screen of its own', () => {
    expect([...builtScreens].sort()).toEqual(Object.keys(dashboardRoutes).sort());
  });

  it('name every path in Korean', () => {
    for (const route of Object.keys(dashboardRoutes)) {
      expect(dashboardRouteTitles[route as keyof typeof dashboardRouteTitles]).toMatch(/\S/);
    }
  });
});

describe('canOpenDashboardRoute', () => {
  it('follows the contract for dashboard paths', () => {
    for (const [route, access] of Object.entries(dashboardRoutes)) {
      for (const role of ['Admin', 'PersonalFree', 'BusinessPro', 'DesignManager', 'Guest']) {
        expect({ route, role, open: canOpenDashboardRoute(route, [role]) }).toEqual({
          route,
          role,
          open: canAccess(access, [role]),
        });
      }
    }
  });

  it('opens the mailbox and the client log to Admins only, and closes unknown paths', () => {
    for (const resource of ['mailbox', 'clientlog']) {
      expect(canOpenDashboardRoute(resource, ['Admin'])).toBe(true);
      expect(canOpenDashboardRoute(resource, ['Developer', 'DesignManager', 'BusinessPremium'])).toBe(false);
      expect(canOpenDashboardRoute(resource, [])).toBe(false);
    }
    expect(canOpenDashboardRoute('no-such-screen', ['Admin'])).toBe(false);
  });

  it('opens the business profile to business roles only', () => {
    expect(canOpenDashboardRoute('business-profile', ['BusinessFree'])).toBe(true);
    expect(canOpenDashboardRoute('business-profile', ['Admin'])).toBe(false);
    expect(canOpenDashboardRoute('profile', ['Guest'])).toBe(true);
  });
});
