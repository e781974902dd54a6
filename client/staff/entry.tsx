import { createRoot } from 'react-dom/client';
import './staff.css';
createRoot(document.getElementById('staff-root')!).render(<p>staff</p>);
