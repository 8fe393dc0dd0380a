/** What a rule's code may do, listed as an app lists its permissions (src/present/permissions.ts words them). */
import type { Permissions } from "../types.js";

export function PermissionList({ number, permissions }: { number: number; permissions: Permissions }) {
  return (
    <section class="permissions" aria-label={`What Rule ${number}'s code may do`}>
      <h5>What Rule {number}'s code may do</h5>
      {permissions.failed !== null && <p class="error">Its code does not load, so it does nothing until amended: {permissions.failed}</p>}
      <ul>
        {permissions.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
