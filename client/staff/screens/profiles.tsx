import { useState } from 'react';
import { BrandFilter, useDefaultBrand } from '../components/brand-filter';
import { Thumb } from '../components/photo';
import { PhotoUpload } from '../components/photo-upload';
import { ProfileForm } from '../components/profile-form';
import { ApiError, staffSend } from '../lib/api';
import { brandInfo } from '../lib/boot';
import type { FictionalProfile } from '../lib/contract';
import { t } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';
import { Loading, Problem } from '../components/notice';

/** The brand's fictional profiles: list, create, edit, switch on and off, add photos. */
export function ProfilesScreen() {
  const [brand, setBrand] = useState(useDefaultBrand());
  const list = useStaffData('/api/staff/profiles.php', { brand });
  const [editing, setEditing] = useState<FictionalProfile | 'new' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = async (p: FictionalProfile) => {
    setProblem(null);
    const { id, fictional: _f, label: _l, age: _a, main_image: _m, photos: _p, ...input } = p;
    try {
      await staffSend('put', '/api/staff/profiles.php', { ...input, id, brand, active: !p.active });
      await list.reload();
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
    }
  };

  return (
    <section aria-labelledby="profiles-title">
      <div className="screen-head">
        <h1 id="profiles-title">{t('profiles.title')}</h1>
        <BrandFilter value={brand} onChange={setBrand} allowAll={false} />
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {t('profiles.create')}
        </button>
      </div>
      {editing && (
        <ProfileForm
          key={editing === 'new' ? 'new' : editing.id}
          brand={brand}
          profile={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      )}
      <Problem message={problem} />
      <Problem message={list.error?.message} />
      {!list.data && !list.error && <Loading />}
      {list.data && list.data.profiles.length === 0 && <p className="empty">{t('profiles.empty')}</p>}
      {list.data && list.data.profiles.length > 0 && (
        <ul className="profile-list" data-testid="profile-list">
          {list.data.profiles.map((p) => (
            <li key={p.id} className="card">
              {p.main_image ? (
                <Thumb brand={brand} image={p.main_image} alt={p.name} size={72} />
              ) : (
                <span className="thumb empty" aria-hidden="true" />
              )}
              <div className="info">
                <h2>
                  {p.name} <span className="label-fictional">{p.label || brandInfo(brand)?.fictional}</span>
                </h2>
                <p>
                  {p.age} · {p.city ?? '–'} · {p.country} · {p.photos.length} {t('profiles.photos')}
                </p>
                <p className={p.active ? 'state-on' : 'state-off'}>{p.active ? t('profiles.active') : t('profiles.inactive')}</p>
              </div>
              <div className="actions">
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => setEditing(p)}
                  aria-label={t('profiles.edit', { name: p.name })}
                >
                  {t('profiles.edit_short')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => void toggle(p)}
                  aria-pressed={p.active}
                  aria-label={t('profiles.active_of', { name: p.name })}
                >
                  {t('profile.active')}
                </button>
                <PhotoUpload brand={brand} profileId={p.id} name={p.name} onUploaded={() => void list.reload()} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
