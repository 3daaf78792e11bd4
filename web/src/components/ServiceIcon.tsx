import {
  Baby,
  BriefcaseBusiness,
  Building2,
  ChefHat,
  HandHeart,
  House,
  PawPrint,
  Sparkles,
  ToyBrick,
  UserRoundCheck,
  type LucideIcon,
} from 'lucide-react';
import type { ServiceKey } from '@cym/common';

/** One icon per service key, all from the same icon set. */
const ICONS: Record<ServiceKey, LucideIcon> = {
  housemaide: Sparkles,
  babysitter: ToyBrick,
  nurse: Baby,
  eldercare: HandHeart,
  petcare: PawPrint,
  chef: ChefHat,
  house_pet_sitting: House,
  au_pair: UserRoundCheck,
  butler: BriefcaseBusiness,
  commercial_cleaning: Building2,
};

export function ServiceIcon({ serviceKey, size = 24 }: { serviceKey: string; size?: number }) {
  const Icon = ICONS[serviceKey as ServiceKey];
  if (!Icon) return null;
  return <Icon size={size} aria-hidden="true" focusable="false" />;
}
