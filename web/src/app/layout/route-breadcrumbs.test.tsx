import { screen } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import englishMessages from '../../../public/assets/locale/locale.constant-en_US.json';
import { breadcrumbTarget, Breadcrumbs } from '../../components/breadcrumbs/breadcrumbs';
import { OPEN_MESSAGE_PARAM } from '../../features/retained-messages/use-retained-messages-url';
import { OPEN_SESSION_PARAM } from '../../features/sessions/list/use-sessions-url';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { stubScreenWidth } from '../../test-support/screen-width';
import { ROUTE_DETAILS } from './route-details';
import { findPageRoute } from './use-current-route';
import { routeBreadcrumbs } from './use-route-breadcrumbs';

// Spec section 2, breadcrumbs: built from route data (id, label, icon, link, queryParams).

const intl = createIntl({ locale: 'en-US', messages: englishMessages });
const crumbsAt = (path: string, search = '') => routeBreadcrumbs(findPageRoute(path), new URLSearchParams(search), intl);
const shape = (path: string, search = '') => crumbsAt(path, search).map(({ id, label, link, queryParams }) => ({ id, label, link, queryParams }));

describe('breadcrumbs from route data (spec section 2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lead from a page's menu group, linked, to the page", () => {
    expect(shape('/kafka/topics')).toEqual([
      { id: '/kafka', label: 'Kafka', link: '/kafka', queryParams: undefined },
      { id: '/kafka/topics', label: 'Topics', link: undefined, queryParams: undefined },
    ]);
    expect(shape('/sessions', 'connectedStatusList=CONNECTED')).toEqual([{ id: '/sessions', label: 'Sessions', link: undefined, queryParams: undefined }]);
  });

  it("end with the open session's client id, after a link back to the list that keeps its filter", () => {
    const crumbs = crumbsAt('/sessions', 'connectedStatusList=CONNECTED,DISCONNECTED&clientTypeList=DEVICE&session=sensor-7');
    expect(crumbs.map(({ id, label }) => ({ id, label }))).toEqual([
      { id: '/sessions', label: 'Sessions' },
      { id: 'MQTT_SESSION:sensor-7', label: 'sensor-7' },
    ]);
    expect(crumbs[0]?.queryParams).toEqual({ connectedStatusList: 'CONNECTED,DISCONNECTED', clientTypeList: 'DEVICE' });
    expect(breadcrumbTarget(crumbs[0] ?? { id: '', label: '' })).toBe('/sessions?connectedStatusList=CONNECTED%2CDISCONNECTED&clientTypeList=DEVICE');
    expect(crumbs[1]?.link).toBeUndefined();
  });

  it("end with the open retained message's topic, the list's view kept", () => {
    const crumbs = crumbsAt('/retained-messages', 'view=tree&topic=plant%2Fline-1%2Ftemperature');
    expect(crumbs.map(({ label }) => label)).toEqual(['Retained messages', 'plant/line-1/temperature']);
    expect(breadcrumbTarget(crumbs[0] ?? { id: '', label: '' })).toBe('/retained-messages?view=tree');
  });

  it("read the details from the pages' own URL parameters", () => {
    expect(ROUTE_DETAILS['/sessions']?.param).toBe(OPEN_SESSION_PARAM);
    expect(ROUTE_DETAILS['/retained-messages']?.param).toBe(OPEN_MESSAGE_PARAM);
  });

  it('show only the last crumb on a small screen, as the page title: the open item', () => {
    stubScreenWidth(500);
    renderWithProviders(<Breadcrumbs items={crumbsAt('/sessions', 'connectedStatusList=CONNECTED&session=sensor-7')} />);
    expect(screen.getByRole('heading').textContent).toBe('sensor-7');
  });
});
