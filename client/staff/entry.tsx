import { createRoot } from 'react-dom/client';
import { StaffApp } from './app';
import 'virtual:staff-uno.css';

// The staff workspace renders in the browser only: a tool for staff, never a public page (worker/staff/pages.ts).
createRoot(document.getElementById('staff-root')!).render(<StaffApp />);
