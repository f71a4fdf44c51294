import { AlertHistoryPanel } from './alert-history-panel';
import { AlertRulesPanel } from './alert-rules-panel';
import './alerts-section.css';

/** Issue 16 "alert rules": the rules, and the alerts they fired; for the monitoring page. */
export function AlertsSection() {
  return (
    <div className="alerts-section">
      <AlertRulesPanel />
      <AlertHistoryPanel />
    </div>
  );
}
