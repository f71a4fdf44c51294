/**
 * A command that connects a first client to this broker and keeps it connected, for the empty
 * sessions list (issue 7): the console's own host, since the broker serves the console.
 */
export function firstClientCommand(host: string, port: number): string {
  return `mosquitto_sub -h ${host} -p ${port} -i my-first-client -t 'sensors/#' -v`;
}
