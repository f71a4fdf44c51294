import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WsSavedMessage } from '../../../api/generated/model/wsSavedMessage';
import type { WsSavedMessageSave } from '../../../api/generated/model/wsSavedMessageSave';
import { type RecordedCall, stubBrokerCalls } from '../../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../../test-support/page-test';
import { makeWsConnection } from '../ws-client-test-data';
import { PublishPanel } from './publish-panel';

const savedReading: WsSavedMessage = {
  id: 'm1',
  createdTime: 1,
  webSocketConnectionId: 'c1',
  name: 'Reading',
  configuration: { topic: 'plant/1/temperature', qos: 1, retain: true, payload: '21.5', payloadType: 'STRING' },
};

function stubBroker(saveAnswer?: Response): RecordedCall[] {
  return stubBrokerCalls(({ method, url }) => {
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/ws/saved-message') return Response.json([savedReading]);
    if (route === 'POST /api/ws/saved-message') return saveAnswer ?? Response.json({ ...savedReading, id: 'm2', name: 'Mine' });
    return undefined;
  });
}

const topicInput = () => screen.getByLabelText(/^Topic/) as HTMLInputElement;
const publishButton = () => screen.getByTestId('publish-button') as HTMLButtonElement;

describe('publish panel (issue 15)', () => {
  setUpSignedInPageTests();

  it('cannot publish while not connected, and says so', async () => {
    stubBroker();
    renderPage(<PublishPanel connection={makeWsConnection('c1', 'Lab')} connected={false} onPublish={vi.fn()} />);
    expect(topicInput().value).toBe('sensors/temperature');
    expect(publishButton().disabled).toBe(true);
    expect(screen.getByTestId('publish-blocked-reason').textContent).toBe('Connect to publish.');
  });

  it('refuses a topic with a wildcard, then publishes what the form holds', async () => {
    stubBroker();
    const onPublish = vi.fn(async () => undefined);
    renderPage(<PublishPanel connection={makeWsConnection('c1', 'Lab')} connected onPublish={onPublish} />);
    fireEvent.change(topicInput(), { target: { value: 'plant/+/temperature' } });
    expect(await screen.findByText(/wildcards are for subscriptions only/)).toBeTruthy();
    expect(publishButton().disabled).toBe(true);

    fireEvent.change(topicInput(), { target: { value: 'plant/1/temperature' } });
    fireEvent.change(screen.getByLabelText(/^Payload/), { target: { value: '22' } });
    fireEvent.click(publishButton());
    await waitFor(() => expect(onPublish).toHaveBeenCalledWith({ topic: 'plant/1/temperature', qos: 0, retain: false, payload: '22', payloadType: 'STRING' }));
  });

  it('disables the MQTT 5 properties on MQTT 3.1 and says why', async () => {
    stubBroker();
    renderPage(<PublishPanel connection={makeWsConnection('c1', 'Old', 3)} connected onPublish={vi.fn()} />);
    fireEvent.click(screen.getByText('MQTT 5 properties'));
    expect((await screen.findByTestId('mqtt5-only-note')).textContent).toContain('MQTT 3.1');
    expect(screen.getByLabelText(/^Content type/).matches(':disabled')).toBe(true);
  });

  it('loads a saved message into the form and saves the current one under a name', async () => {
    const calls = stubBroker();
    renderPage(<PublishPanel connection={makeWsConnection('c1', 'Lab')} connected onPublish={vi.fn()} />);
    fireEvent.click(await screen.findByLabelText('Load Reading into the form'));
    expect(topicInput().value).toBe('plant/1/temperature');

    fireEvent.click(screen.getByTestId('publish-save-as'));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByTestId('saved-message-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const saved = calls.find((call) => call.method === 'POST')?.body as WsSavedMessageSave;
    expect(saved).toEqual({ webSocketConnectionId: 'c1', name: 'Mine', configuration: savedReading.configuration });
  });

  it('shows a taken name under the name field', async () => {
    stubBroker(Response.json({ status: 409, errorCode: 30, message: 'body.name: a saved message named "Reading" already exists' }, { status: 409 }));
    renderPage(<PublishPanel connection={makeWsConnection('c1', 'Lab')} connected onPublish={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('publish-save-as'));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Reading' } });
    fireEvent.click(screen.getByTestId('saved-message-save'));
    expect(await screen.findByText('a saved message named "Reading" already exists')).toBeTruthy();
  });
});
