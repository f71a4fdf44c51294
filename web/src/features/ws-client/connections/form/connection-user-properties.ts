import type { WsConnectionUserProperties } from '../../../../api/generated/model/wsConnectionUserProperties';
import type { UserProperty } from '../../../../components/user-properties/user-properties-rules';

/**
 * A connection's (and its will's) user properties are kept in the production broker's form,
 * `{props: [{k, v}]}`, null for none; the page edits them as a list of key/value pairs.
 */
export const userPropertyListOf = (properties: WsConnectionUserProperties | null | undefined): UserProperty[] =>
  (properties?.props ?? []).map(({ k, v }) => ({ key: k, value: v }));

export const connectionUserPropertiesOf = (list: readonly UserProperty[]): WsConnectionUserProperties | null =>
  list.length === 0 ? null : { props: list.map(({ key, value }) => ({ k: key.trim(), v: value })) };
